// Content files import as the page rendered from them (content/markdown-plugin.ts).
declare module "*.md" {
  const page: import("./content-page").ContentPage;
  export default page;
}
