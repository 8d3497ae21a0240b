import { Button, CenterPopup, Image } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useAppInfoQuery } from '../../site/queries.ts';

// Once per launch: kept in memory (local storage may only hold userinfo, token and appinfo).
let shownThisLaunch = false;

/** The operator's home announcement (app info `index_modal` / `index_modal_images`). */
export function HomeModal() {
  const { data, isFetched } = useAppInfoQuery();
  const [visible, setVisible] = useState(false);
  // What this launch decided about the announcement, on the page for whoever waits on it (tests):
  // pending until fresh app info arrives, then shown or none.
  const [decision, setDecision] = useState<'pending' | 'shown' | 'none'>(
    shownThisLaunch ? 'none' : 'pending',
  );
  const text = data?.index_modal.trim() ?? '';
  const images = data?.index_modal_images ?? [];
  const hasContent = text.length > 0 || images.length > 0;

  useEffect(() => {
    // Wait for fresh app info (not the stored copy), so a withdrawn announcement is never shown.
    if (!isFetched || decision !== 'pending') return;
    if (!hasContent || shownThisLaunch) {
      setDecision('none');
      return;
    }
    shownThisLaunch = true;
    setDecision('shown');
    setVisible(true);
  }, [isFetched, hasContent, decision]);

  return (
    <>
      <span hidden data-testid="home-announcement" data-state={decision} />
      <CenterPopup
        visible={visible}
        onMaskClick={() => setVisible(false)}
        bodyClassName="home-modal"
        destroyOnClose
      >
        <div className="home-modal-inner" data-testid="home-modal">
          <h3 className="home-modal-title">平台公告</h3>
          {images.map((src) => (
            <Image key={src} src={src} fit="contain" className="home-modal-image" lazy />
          ))}
          {text ? <p className="home-modal-text">{text}</p> : null}
          <Button block color="primary" onClick={() => setVisible(false)}>
            我知道了
          </Button>
        </div>
      </CenterPopup>
    </>
  );
}
