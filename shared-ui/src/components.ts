// The site's shared components: the primitives, the widgets and the forms' parts, each made with
// styled-components. shared-ui's index re-exports them; the shell's start evaluates this module in a
// task of its own before the rest of shared-ui (shell/src/bootstrap.tsx), which then finds it
// evaluated: the same module, its components made once. Apps import them from '@site/shared-ui'.
export { VisuallyHidden } from './primitives/VisuallyHidden';
export { Button, ButtonLink, ButtonAnchor, buttonStyles } from './primitives/Button';
export { Container } from './primitives/Container';
export { Card, CardList } from './primitives/Card';
export { rovingTarget } from './primitives/rovingFocus';
export { PageHeading, PageIntro, ServerPageDescription, ServerPageTitle, usePageDescription, usePageTitle } from './primitives/PageHeading';
export { LoadingStatus } from './primitives/LoadingStatus';
export { Tabs, type TabItem } from './widgets/tabs/Tabs';
export { Accordion, type AccordionItem } from './widgets/accordion/Accordion';
export { Section } from './widgets/section/Section';
export { PlanCard, PlanPopular, PlanSummary, PriceFigure, usePlanPrice, type PlanId } from './widgets/plans/PlanSummary';
export { AndroidAppLink, IphoneAppStatus } from './widgets/app/AppLinks';
export { TextField, RequiredMark } from './forms/TextField';
export { ErrorSummary, type SummaryItem } from './forms/ErrorSummary';
export { FormStatus, RefusalAnnouncement, StatusMessage, SubmitWithStatus } from './forms/FormStatus';
