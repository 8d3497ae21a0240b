/** Where 《用户协议》 and 《隐私政策》 live (registration links to them; 设置 lists them). */
export const USER_AGREEMENT_PATH = '/pages/legal/user-agreement';
export const PRIVACY_POLICY_PATH = '/pages/legal/privacy-policy';
