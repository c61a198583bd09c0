// Test driver for plugin.js under node: loads the rendered plugin (argv[2])
// as OpenCode does (the named export called with the plugin context),
// runs the calls of the JSON file argv[3] ({hook, input, output, parallel})
// and prints one JSON result per call: whether the callback threw, its
// message, and what became of output.
import { pathToFileURL } from "node:url"
import { readFileSync } from "node:fs"

const mod = await import(pathToFileURL(process.argv[2]).href)
const calls = JSON.parse(readFileSync(process.argv[3], "utf8"))
const ctx = { directory: process.cwd(), worktree: process.cwd() }
const hooks = await mod.AgentHooks(ctx)

async function one(c) {
  const fn = hooks[c.hook]
  if (!fn) return { missing: true }
  const before = c.output && c.output.args
  try {
    if (c.hook === "event") await fn({ event: c.event })
    else await fn(c.input, c.output)
    return { threw: false, output: c.output, sameArgs: c.output ? c.output.args === before : null }
  } catch (e) {
    return { threw: true, message: e && e.message, output: c.output }
  }
}

const results = []
for (const c of calls) {
  if (c.parallel) {
    results.push(...(await Promise.all(Array.from({ length: c.parallel }, (_, i) => {
      const d = structuredClone(c)
      d.input.callID = "call_" + i
      return one(d)
    }))))
  } else {
    results.push(await one(c))
  }
}
process.stdout.write(JSON.stringify({ keys: Object.keys(hooks).sort(), results }))
