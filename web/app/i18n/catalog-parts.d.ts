/** The parts of a language's catalog (web/catalog-parts.ts): nested as in common/i18n, each message parsed in advance. */
declare module 'virtual:catalog/*' {
  import type { MessageFormatElement } from 'react-intl';
  type CompiledCatalog = { [key: string]: MessageFormatElement[] | CompiledCatalog };
  const catalog: CompiledCatalog;
  export default catalog;
}
