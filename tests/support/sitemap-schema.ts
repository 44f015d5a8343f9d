// Validates sitemaps against the sitemaps.org 0.9 schemas (copies in sitemap-xsd/), with libxml2's
// own validator built for WebAssembly: nothing to install beside npm's packages.
import fs from 'node:fs'
import { validateXML } from 'xmllint-wasm'

const schemas = {
  urlset: 'sitemap.xsd',
  sitemapindex: 'siteindex.xsd',
} as const

const schemaText = (file: string) =>
  fs.readFileSync(new URL(`./sitemap-xsd/${file}`, import.meta.url), 'utf8')

/** libxml2's complaints about `xml` as a sitemap (`urlset`) or an index: none when valid. */
export async function sitemapSchemaErrors(
  xml: string,
  root: keyof typeof schemas,
): Promise<string[]> {
  const file = schemas[root]
  const result = await validateXML({
    xml: [{ fileName: `${root}.xml`, contents: xml }],
    schema: [{ fileName: file, contents: schemaText(file) }],
  })
  return result.errors.map((error) => error.rawMessage)
}
