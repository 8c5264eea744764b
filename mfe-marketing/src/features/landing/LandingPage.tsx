import { Container, LaterPart, StaticPart } from '@site/shared-ui';
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
 * every page. What is only read and followed (text, pictures, links) is static: a page hydrated in
 * the browser keeps the server's HTML of it. The hero (the h1 that takes focus, the iPhone app's
 * status) hydrates with the page; the questions' accordion and the newsletter's form, far below,
 * each on its own later (as they near the viewport, the browser is idle or the visitor reaches them).
 */
export default function LandingPage() {
  return (
    <Container>
      <Hero />
      <StaticPart name="landing-sections">
        <HowItWorks />
        <Plans />
        <Partners />
        <Team />
        <Testimonials />
      </StaticPart>
      <LaterPart name="landing-faq">
        <Faq />
      </LaterPart>
      <StaticPart name="landing-call-to-action">
        <CallToAction />
      </StaticPart>
      <LaterPart name="landing-newsletter">
        <Newsletter />
      </LaterPart>
      <StaticPart name="landing-developers">
        <Developers />
      </StaticPart>
    </Container>
  );
}
