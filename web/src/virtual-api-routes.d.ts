// Served by web/api-routes.ts.
declare module 'virtual:api-routes' {
  const table: Record<string, Record<string, { method: string; path: string }>>;
  export default table;
}
