import { ButtonLink, useServiceRead, useTranslation } from '@site/shared-ui';
import { getDeviceInfo, type DeviceInfo } from '../../../api/accountCalls';
import { CallOutcome } from '../../../components/CallOutcome';
import { Details } from '../../../components/Details';

/** The linked phone, or the text that none is; changing it is offered only when one is linked. */
export function DeviceDetails({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation('account');
  if (!device.deviceId) return <p>{t('device.none')}</p>;
  return (
    <>
      <Details>
        <dt>{t('device.linked')}</dt>
        <dd>{device.deviceName ?? device.deviceId}</dd>
      </Details>
      <ButtonLink to="/reset-linked-device" $variant="secondary">
        {t('device.change')}
      </ButtonLink>
    </>
  );
}

export function DeviceTab() {
  const { t } = useTranslation('account');
  const { state, retry } = useServiceRead('get-device-info', getDeviceInfo);
  return (
    <CallOutcome state={state} retry={retry} what={t('device.what')}>
      {(device) => <DeviceDetails device={device} />}
    </CallOutcome>
  );
}
