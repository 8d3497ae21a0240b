import { Alert, Button, Descriptions, Modal, Typography } from 'antd';

export interface OneTimePassword {
  username: string;
  password: string;
  /** A new account, or a reset of an existing one's password. */
  created: boolean;
}

/**
 * The temporary password an approval made (a new operator account, a password reset). The server
 * keeps only its hash and answers it to this approval alone, so the modal closes only through the
 * button that says it was saved: there is no second look.
 */
export function OneTimePasswordModal({
  value,
  onClose,
}: {
  value: OneTimePassword | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={!!value}
      title={value?.created ? '管理账号已创建' : '密码已重置'}
      closable={false}
      maskClosable={false}
      keyboard={false}
      // Closed means gone: the password leaves the page with the dialog.
      destroyOnHidden
      width={520}
      footer={
        <Button type="primary" onClick={onClose} data-testid="one-time-password-done">
          我已复制并妥善保存
        </Button>
      }
    >
      {value && (
        <div data-testid="one-time-password-modal">
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message="一次性密码仅显示一次"
            description="关闭后无法再次查看，服务器也不保存明文。请立即复制，通过安全渠道交给账号本人，并提醒其登录后在「账号安全」中修改密码。"
          />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="用户名">{value.username}</Descriptions.Item>
            <Descriptions.Item label="一次性密码">
              <Typography.Text
                code
                copyable={{ text: value.password, tooltips: ['复制', '已复制'] }}
                style={{ fontSize: 18 }}
                data-testid="one-time-password"
              >
                {value.password}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </div>
      )}
    </Modal>
  );
}
