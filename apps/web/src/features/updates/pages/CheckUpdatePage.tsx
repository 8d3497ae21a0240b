import { useEffect } from 'react';
import { Page } from '@/ui/Page.tsx';
import { UpdateActions } from '../components/UpdateActions.tsx';
import { VersionPanel } from '../components/VersionPanel.tsx';
import { useUpdateCheck } from '../use-update-check.ts';
import '../updates.css';

/** pages/debug/check-update: compares this build with version.json on opening and on demand. */
export default function CheckUpdatePage() {
  const { result, checking, error, check } = useUpdateCheck();
  useEffect(() => check(), [check]);
  return (
    <Page title="检查更新">
      <VersionPanel result={result} />
      <UpdateActions result={result} checking={checking} error={error} onCheck={check} />
    </Page>
  );
}
