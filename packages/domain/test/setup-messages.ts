// Tests translate with the namespace resources too (packages/domain/src/i18n/resources.ts): read them from disk first.
import { loadResources } from '@mg/domain/tools/resources';

loadResources();
