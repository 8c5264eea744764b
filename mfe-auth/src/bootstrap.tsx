import { mountLocalHost } from '@site/shared-ui';
import './i18n/register';

// The remote alone: its pages are the route table's, each loaded from its feature folder when opened.
mountLocalHost('auth', import.meta.webpackContext('./features', { recursive: true, regExp: /^\.\/\w+\/[A-Z]\w*Page\.tsx$/, mode: 'lazy' }));
