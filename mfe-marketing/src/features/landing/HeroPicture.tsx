import { useTranslation } from '@site/shared-ui';
import { useId } from 'react';
import styled from 'styled-components';

/**
 * The app in use, drawn for this site: a phone's camera finds a post on the pavement ahead, the
 * screen shows the warning, and the phone says it aloud. Drawn in the theme's colours (both themes),
 * on phones too (below the heading and its actions), with a text alternative that says what it
 * shows. Inline, so it needs no request and never moves the page (its box is fixed by its ratio).
 */
const Figure = styled.svg`
  display: block;
  width: 100%;
  max-width: 22rem;
  height: auto;
  aspect-ratio: 360 / 380;
  margin-inline: auto;
  .device {
    fill: ${({ theme }) => theme.color.surfaceRaised};
    stroke: ${({ theme }) => theme.color.border};
    stroke-width: 3;
  }
  .screen {
    fill: ${({ theme }) => theme.color.background};
  }
  .pavement {
    fill: none;
    stroke: ${({ theme }) => theme.color.textMuted};
    stroke-width: 3;
    stroke-linecap: round;
  }
  .obstacle {
    fill: ${({ theme }) => theme.color.highlight};
  }
  .ring {
    fill: none;
    stroke: ${({ theme }) => theme.color.highlight};
    stroke-width: 3;
    stroke-dasharray: 7 6;
  }
  .card {
    fill: ${({ theme }) => theme.color.surface};
    stroke: ${({ theme }) => theme.color.accent};
    stroke-width: 2.5;
  }
  /* The card's words: HTML inside the drawing, so they wrap within the card in the site's typeface
     at every width and in both languages (an SVG text runs past its box). */
  .words {
    display: flex;
    flex-direction: column;
    justify-content: center;
    align-items: center;
    height: 100%;
    padding: 4px 6px;
    text-align: center;
    line-height: 1.15;
    font-family: ${({ theme }) => theme.type.family};
    overflow-wrap: break-word;
  }
  .alert {
    color: ${({ theme }) => theme.color.text};
    font-size: 15px;
    font-weight: 700;
  }
  .detail {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 13px;
  }
  .voice {
    fill: none;
    stroke: ${({ theme }) => theme.color.accent};
    stroke-width: 6;
    stroke-linecap: round;
  }
`;

export function HeroPicture() {
  const { t } = useTranslation('marketing');
  const titleId = useId();
  return (
    <Figure viewBox="0 0 360 380" role="img" aria-labelledby={titleId} data-testid="hero-picture" focusable="false">
      <title id={titleId}>{t('landing.picture.alt')}</title>
      <rect className="device" x="92" y="12" width="168" height="356" rx="30" />
      <rect className="screen" x="106" y="46" width="140" height="288" rx="12" />
      <rect className="screen" x="150" y="26" width="52" height="7" rx="3.5" />
      {/* What the camera sees: the pavement ahead, and a post on it, found. */}
      <path className="pavement" d="M118 236 L164 96 M234 236 L188 96 M136 182 h80" />
      <rect className="obstacle" x="168" y="118" width="16" height="64" rx="7" />
      <circle className="ring" cx="176" cy="150" r="40" />
      {/* What it shows, and says. */}
      <rect className="card" x="114" y="250" width="124" height="74" rx="12" />
      <foreignObject x="114" y="250" width="124" height="74">
        <div className="words">
          <span className="alert">{t('landing.picture.alert')}</span>
          <span className="detail">{t('landing.picture.distance')}</span>
        </div>
      </foreignObject>
      <path className="voice" d="M276 158 q14 32 0 64 M296 140 q26 50 0 100 M316 122 q38 68 0 136" />
    </Figure>
  );
}
