import { registerNamespace } from '@site/shared-ui';
import en from './en.json';
import ro from './ro.json';

registerNamespace('marketing', { ro, en });
