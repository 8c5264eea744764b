import { Button, StatusMessage, useServiceAction, useTranslation } from '@site/shared-ui';
import { useState } from 'react';
import { exportAccountData, type DataFile } from '../../../api/accountCalls';
import { saveFile } from './saveFile';

/**
 * "Download my data": everything the service holds about the user, saved as a JSON file. The
 * wait and the outcome are announced (the button keeps the focus while it works).
 */
export function DownloadData() {
  const { t } = useTranslation('account');
  const { state, run } = useServiceAction<DataFile>();
  const [savedAs, setSavedAs] = useState<string | null>(null);

  const download = async () => {
    setSavedAs(null);
    const result = await run(exportAccountData);
    if (!result.ok) return;
    saveFile(result.data.fileName, result.data.text);
    setSavedAs(result.data.fileName);
  };

  const working = state.status === 'working';
  return (
    <section aria-labelledby="account-data-heading">
      <h2 id="account-data-heading">{t('accountData.download.heading')}</h2>
      <p>{t('accountData.download.description')}</p>
      <Button type="button" $variant="secondary" onClick={() => void download()} disabled={working}>
        {working ? t('accountData.download.working') : t('accountData.download.label')}
      </Button>
      <StatusMessage role="status" $tone="success">
        {working ? t('accountData.download.working') : savedAs ? t('accountData.download.done', { fileName: savedAs }) : ''}
      </StatusMessage>
      <StatusMessage role="alert" $tone="danger">
        {state.status === 'failed' ? t(`accountData.download.failed.${state.failure}`) : ''}
      </StatusMessage>
    </section>
  );
}
