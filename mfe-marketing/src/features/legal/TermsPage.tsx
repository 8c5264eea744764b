import { FULL_PLAN_PRICE_LEI, TRIAL_DAYS, useTranslation, WITHDRAWAL_DAYS } from '@site/shared-ui';
import '../../i18n/register';
import { LegalPage, LegalSection, operatorFigures } from './LegalPage';

const SECTIONS = ['operator', 'service', 'price', 'trial', 'renewal', 'cancel', 'withdrawal', 'complaints'] as const;

/**
 * /terms: the subscription's terms. The figures come from the plans' one home (the price, the
 * trial's days) and the law's (the days of withdrawal); the operator from configuration.
 */
export default function TermsPage() {
  const { t } = useTranslation('marketing');
  return (
    <LegalPage page="terms" other={{ to: '/privacy', label: t('terms.privacyLink') }}>
      <TermsText />
    </LegalPage>
  );
}

/** The terms' sections (their text: static, LegalPage). */
function TermsText() {
  const { t } = useTranslation('marketing');
  const figures = { ...operatorFigures(), price: FULL_PLAN_PRICE_LEI, days: TRIAL_DAYS, withdrawalDays: WITHDRAWAL_DAYS };
  return (
    <>
      {SECTIONS.map((section) => (
        <LegalSection key={section} id={`terms-${section}`} title={t(`terms.sections.${section}.title`, figures)}>
          {(t(`terms.sections.${section}.body`, { returnObjects: true, ...figures }) as string[]).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </LegalSection>
      ))}
    </>
  );
}
