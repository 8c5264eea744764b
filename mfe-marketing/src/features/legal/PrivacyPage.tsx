import { RETENTION_DAYS, RETENTION_KINDS, useTranslation } from '@site/shared-ui';
import styled from 'styled-components';
import '../../i18n/register';
import { LegalPage, LegalSection, operatorFigures } from './LegalPage';

/** The periods: what is kept read as the row's heading, at the start of its line; a period never broken. */
const Periods = styled.table`
  border-collapse: collapse;
  max-width: ${({ theme }) => theme.type.measure};
  caption {
    text-align: start;
    font-weight: 700;
    margin-bottom: 0.5rem;
  }
  th,
  td {
    text-align: start;
    vertical-align: top;
    padding: 0.5rem 0.75rem 0.5rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  tbody th {
    font-weight: 400;
  }
  td {
    white-space: nowrap;
  }
`;

const COLLECTED = ['account', 'subscription', 'device', 'contact', 'newsletter', 'technical', 'preferences'] as const;
const PROCESSORS = ['identity', 'payments', 'mail'] as const;

/**
 * /privacy: the privacy notice. The operator comes from configuration; how long each kind of data
 * is kept comes from the retention table the user service's sweep enforces (RETENTION_DAYS).
 */
export default function PrivacyPage() {
  const { t } = useTranslation('marketing');
  return (
    <LegalPage page="privacy" other={{ to: '/terms', label: t('legalLinks.terms') }}>
      <PrivacyText />
    </LegalPage>
  );
}

/** The notice's sections (its text: static, LegalPage). */
function PrivacyText() {
  const { t } = useTranslation('marketing');
  const operator = operatorFigures();
  return (
    <>
      <LegalSection id="privacy-operator" title={t('privacy.operator.title')}>
        <p>{t('privacy.operator.body', operator)}</p>
      </LegalSection>
      <LegalSection id="privacy-collected" title={t('privacy.collected.title')}>
        <ul>
          {COLLECTED.map((item) => (
            <li key={item}>{t(`privacy.collected.items.${item}`)}</li>
          ))}
        </ul>
      </LegalSection>
      <LegalSection id="privacy-camera" title={t('privacy.camera.title')}>
        <p>{t('privacy.camera.body')}</p>
      </LegalSection>
      <LegalSection id="privacy-basis" title={t('privacy.legalBasis.title')}>
        <ul>
          {(t('privacy.legalBasis.items', { returnObjects: true }) as string[]).map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </LegalSection>
      <LegalSection id="privacy-processors" title={t('privacy.processors.title')}>
        <ul>
          {PROCESSORS.map((item) => (
            <li key={item}>{t(`privacy.processors.items.${item}`)}</li>
          ))}
        </ul>
        <p>{t('privacy.processors.note')}</p>
      </LegalSection>
      <LegalSection id="privacy-retention" title={t('privacy.retention.title')}>
        <p>{t('privacy.retention.account')}</p>
        <Periods>
          <caption>{t('privacy.retention.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('privacy.retention.kind')}</th>
              <th scope="col">{t('privacy.retention.period')}</th>
            </tr>
          </thead>
          <tbody>
            {RETENTION_KINDS.map((kind) => (
              <tr key={kind}>
                <th scope="row">{t(`privacy.retention.kinds.${kind}`)}</th>
                <td>{t('privacy.retention.days', { count: RETENTION_DAYS[kind] })}</td>
              </tr>
            ))}
          </tbody>
        </Periods>
      </LegalSection>
      <LegalSection id="privacy-rights" title={t('privacy.rights.title')}>
        {(t('privacy.rights.body', { returnObjects: true, email: operator.email }) as string[]).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </LegalSection>
    </>
  );
}
