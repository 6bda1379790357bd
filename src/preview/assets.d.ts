/** Font files bundled as data (wrangler.toml `[[rules]]` type "Data"). */
declare module "*.ttf" {
  const data: ArrayBuffer;
  export default data;
}
