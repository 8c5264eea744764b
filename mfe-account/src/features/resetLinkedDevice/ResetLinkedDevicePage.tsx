import type { ServerReads } from '@site/rendering/contract';
import { Button, Container, Link, PageIntro, StatusMessage, useServiceAction, useServiceRead, useTranslation } from '@site/shared-ui';
import { useEffect, useRef, useState } from 'react';
import { getDeviceInfo, resetLinkedDevice, type DeviceInfo } from '../../api/accountCalls';
import { CallOutcome } from '../../components/CallOutcome';
import { Actions, Confirmation } from '../../components/Confirmation';
import { Details } from '../../components/Details';
import { Notice } from '../../components/Notice';
import { DEVICE_TAB_PATH } from '../../constants';
import '../../i18n/register';

/** The linked phone, the question, and the unlink itself (POST /reset-linked-device). */
function UnlinkDevice({ device, onUnlinked }: { device: DeviceInfo; onUnlinked: () => void }) {
  const { t } = useTranslation('account');
  const [confirming, setConfirming] = useState(false);
  const { state, run } = useServiceAction<DeviceInfo>();
  const question = useRef<HTMLHeadingElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const name = device.deviceName ?? device.deviceId ?? '';

  useEffect(() => {
    if (confirming) question.current?.focus();
  }, [confirming]);

  const cancel = () => {
    setConfirming(false);
    // The start button comes back on the next render; focus it then.
    requestAnimationFrame(() => start.current?.focus());
  };
  const unlink = async () => {
    if ((await run(resetLinkedDevice)).ok) onUnlinked();
  };

  return (
    <>
      <Details>
        <dt>{t('device.linked')}</dt>
        <dd>{name}</dd>
      </Details>
      {!confirming ? (
        <Button ref={start} type="button" onClick={() => setConfirming(true)}>
          {t('resetLinkedDevice.start')}
        </Button>
      ) : (
        <Confirmation role="group" aria-labelledby="unlink-question">
          <h2 id="unlink-question" ref={question} tabIndex={-1}>
            {t('resetLinkedDevice.question', { name })}
          </h2>
          <Actions>
            <Button type="button" onClick={() => void unlink()} disabled={state.status === 'working'}>
              {state.status === 'working' ? t('resetLinkedDevice.working') : t('resetLinkedDevice.confirm')}
            </Button>
            <Button type="button" $variant="secondary" onClick={cancel} disabled={state.status === 'working'}>
              {t('resetLinkedDevice.cancel')}
            </Button>
          </Actions>
          <StatusMessage role="alert" $tone="danger">
            {state.status === 'failed' ? t(`call.failed.${state.failure}`, { what: t('resetLinkedDevice.what') }) : ''}
          </StatusMessage>
        </Confirmation>
      )}
    </>
  );
}

/** The page's first render shows the linked phone (the site's server reads it for a signed-in visitor). */
export const serverReads: ServerReads = () => ['get-device-info'];

/**
 * /reset-linked-device: says what unlinking does, shows the linked phone, asks for confirmation,
 * unlinks, announces the result and leads back to the account's device tab.
 */
export default function ResetLinkedDevicePage() {
  const { t } = useTranslation('account');
  const { state, retry } = useServiceRead('get-device-info', getDeviceInfo);
  const [unlinkedName, setUnlinkedName] = useState<string | null>(null);
  const result = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (unlinkedName !== null) result.current?.focus();
  }, [unlinkedName]);

  return (
    <Container>
      <PageIntro title={t('resetLinkedDevice.title')} description={t('resetLinkedDevice.description')} />
      <Notice>{t('resetLinkedDevice.effects')}</Notice>
      {unlinkedName === null && (
        <CallOutcome state={state} retry={retry} what={t('device.what')}>
          {(device) =>
            device.deviceId ? <UnlinkDevice device={device} onUnlinked={() => setUnlinkedName(device.deviceName ?? device.deviceId ?? '')} /> : <p>{t('device.none')}</p>
          }
        </CallOutcome>
      )}
      {/* The result takes the focus (the button pressed is gone): that says it. Not a live region
          as well, which said it a second time (e2e/transcripts/unlink-phone-*.txt). */}
      <StatusMessage ref={result} $tone="success" tabIndex={-1}>
        {unlinkedName !== null ? t('resetLinkedDevice.done', { name: unlinkedName }) : ''}
      </StatusMessage>
      <p>
        <Link to={DEVICE_TAB_PATH}>{t('resetLinkedDevice.back')}</Link>
      </p>
    </Container>
  );
}
