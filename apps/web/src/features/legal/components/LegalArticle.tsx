import { TERMS_VERSION } from '@app/shared';
import { Button } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import { Page } from '@/ui/Page.tsx';
import type { LegalBlock, LegalDocument } from '../content/document.ts';
import '../legal.css';

/** "2026-11-26" → "2026年11月26日": the version is the date the texts took effect. */
function effectiveDate(version: string): string {
  const [year, month, day] = version.split('-');
  return `${year}年${Number(month)}月${Number(day)}日`;
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  return (
    <ol className="legal-points">
      {block.points.map((point) => (
        <li key={point}>{point}</li>
      ))}
    </ol>
  );
}

interface LegalArticleProps {
  doc: LegalDocument;
  /** The other document, linked at the end. */
  related: { title: string; path: string };
}

/** One legal text as a page: title, version and effective date on top, then its sections. */
export function LegalArticle({ doc, related }: LegalArticleProps) {
  const navigate = useNavigate();
  return (
    <Page title={doc.title}>
      <article className="legal" data-testid="legal-document">
        <header className="legal-head">
          <h1 className="legal-title">《{doc.title}》</h1>
          <p className="legal-meta" data-testid="legal-version">
            <span>版本号：{TERMS_VERSION}</span>
            <span>生效日期：{effectiveDate(TERMS_VERSION)}</span>
          </p>
        </header>
        <p className="legal-lead">{doc.lead}</p>
        {doc.sections.map((section) => (
          <section key={section.title} className="legal-section">
            <h2>{section.title}</h2>
            {section.blocks.map((block, i) => (
              <Block key={i} block={block} />
            ))}
          </section>
        ))}
        <footer className="legal-foot">
          <p>
            另请阅读<Link to={related.path}>《{related.title}》</Link>
            。未满18周岁禁止参与，理性投注，量力而行。
          </p>
          <Button
            block
            fill="outline"
            className="gold"
            onClick={() => void navigate('/pages/customer/customer')}
          >
            联系在线客服
          </Button>
        </footer>
      </article>
    </Page>
  );
}
