// These pages' strings, then the site's one test renderer.
import '../i18n/register';

export { renderWithSite } from '@site/shared-ui/testing';
