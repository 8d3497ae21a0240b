/** A block of a legal text: a paragraph, or a list of points. */
export type LegalBlock = string | { points: string[] };

export interface LegalSection {
  title: string;
  blocks: LegalBlock[];
}

/** 《用户协议》 or 《隐私政策》: a lead paragraph, then numbered sections. */
export interface LegalDocument {
  title: string;
  lead: string;
  sections: LegalSection[];
}
