import { NewsletterLinkPage } from './NewsletterLinkPage';

/** /newsletter-confirm?token=…: the link of the confirmation mail (double opt-in). */
export default function NewsletterConfirmPage() {
  return <NewsletterLinkPage action="confirm" />;
}
