/** The halves of a language's catalog (web/catalog-parts.ts), each a nested catalog as in common/i18n. */
declare module 'virtual:catalog/*' {
  type Catalog = { [key: string]: string | Catalog };
  const catalog: Catalog;
  export default catalog;
}
