import { AndroidAppLink, ButtonLink, IphoneAppStatus, PageHeading, useTranslation } from '@site/shared-ui';
import styled, { keyframes } from 'styled-components';
import { HERO_ANNOTATION } from '../../constants';
import { HeroPicture } from './HeroPicture';

const Wrapper = styled.section`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  gap: 2rem;
  align-items: center;
  padding-block: 2rem 3rem;
  > div > p {
    font-size: 1.25rem;
    max-width: ${({ theme }) => theme.type.measure};
  }
  @media (max-width: ${({ theme }) => theme.layout.narrowBreakpoint}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const draw = keyframes`
  from { background-size: 0% 0.2em; }
  to { background-size: 100% 0.2em; }
`;

/**
 * The annotation: a green mark drawn in under the key words, 10px beyond them on each side. It
 * stays below the letters, so the text keeps its contrast while it draws; under reduced
 * motion it is simply there.
 */
const Highlight = styled.span`
  padding-inline: ${HERO_ANNOTATION.paddingPx}px;
  margin-inline: -${HERO_ANNOTATION.paddingPx}px;
  padding-bottom: 0.15em;
  background-image: linear-gradient(${({ theme }) => theme.color.highlight}, ${({ theme }) => theme.color.highlight});
  background-repeat: no-repeat;
  background-position: 0 100%;
  background-size: 100% 0.2em;
  box-decoration-break: clone;
  -webkit-box-decoration-break: clone;
  @media (prefers-reduced-motion: no-preference) {
    animation: ${draw} ${HERO_ANNOTATION.durationMs}ms ease-out both;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  margin-top: 1.5rem;
`;

/** The title with its highlighted words wrapped (the words are found in the translated title). */
function AnnotatedTitle({ title, highlight }: { title: string; highlight: string }) {
  const at = title.indexOf(highlight);
  if (!highlight || at < 0) return <>{title}</>;
  return (
    <>
      {title.slice(0, at)}
      <Highlight data-annotation="">{highlight}</Highlight>
      {title.slice(at + highlight.length)}
    </>
  );
}

export function Hero() {
  const { t } = useTranslation('marketing');
  const title = t('landing.title');
  return (
    <Wrapper id="hero" aria-labelledby="hero-title">
      <div>
        <PageHeading id="hero-title" title={title}>
          <AnnotatedTitle title={title} highlight={t('landing.titleHighlight')} />
        </PageHeading>
        <p>{t('landing.subtitle')}</p>
        {/* The app first, then the prices and the trial, then what it does: all before any sign-in. */}
        <Actions>
          <AndroidAppLink />
          <ButtonLink to="/#plans" $variant="secondary">
            {t('landing.primaryCta')}
          </ButtonLink>
          <ButtonLink to="/#howItWorks" $variant="secondary">
            {t('landing.secondaryCta')}
          </ButtonLink>
        </Actions>
        <IphoneAppStatus />
      </div>
      <HeroPicture />
    </Wrapper>
  );
}
