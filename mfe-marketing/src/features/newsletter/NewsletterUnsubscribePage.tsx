import { NewsletterLinkPage } from './NewsletterLinkPage';

/** /newsletter-unsubscribe?token=…: the link at the end of every newsletter mail. */
export default function NewsletterUnsubscribePage() {
  return <NewsletterLinkPage action="unsubscribe" />;
}
