import { Container } from '@site/shared-ui';
import '../../i18n/register';
import { Faq } from './Faq';
import { Newsletter } from './Newsletter';
import { Partners } from './Partners';
import { CallToAction } from './CallToAction';
import { Developers } from './Developers';
import { Hero } from './Hero';
import { HowItWorks } from './HowItWorks';
import { Plans } from './Plans';
import { Team } from './Team';
import { Testimonials } from './Testimonials';

/**
 * The landing page: one h1 (the hero's), then each section a region under its own h2; each thing
 * said once (what the app does in one list, the team on /aboutus). The footer is the shell's, on
 * every page.
 */
export default function LandingPage() {
  return (
    <Container>
      <Hero />
      <HowItWorks />
      <Plans />
      <Partners />
      <Team />
      <Testimonials />
      <Faq />
      <CallToAction />
      <Newsletter />
      <Developers />
    </Container>
  );
}
