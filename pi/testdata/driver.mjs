// Test driver for extension.js under node: loads the rendered extension
// (argv[2]) as Pi does (the default export called with an API whose on()
// records handlers), runs the events of the JSON file argv[3] ({hook,
// event}) through the handlers with a context like Pi's, and prints one
// JSON result per event: whether the handler threw, what it returned, and
// what became of the event's input.
import { pathToFileURL } from "node:url"
import { readFileSync } from "node:fs"

const mod = await import(pathToFileURL(process.argv[2]).href)
const events = JSON.parse(readFileSync(process.argv[3], "utf8"))
const handlers = {}
mod.default({ on: (name, fn) => { (handlers[name] ||= []).push(fn) } })
const ctx = { cwd: process.cwd(), sessionManager: { getSessionId: () => "sess-1" } }

const results = []
for (const e of events) {
  const fns = handlers[e.hook]
  if (!fns) { results.push({ missing: true }); continue }
  const before = e.event.input
  try {
    const ret = await fns[0](e.event, ctx)
    results.push({ threw: false, returned: ret === undefined ? null : ret, input: e.event.input, sameInput: e.event.input === before })
  } catch (err) {
    results.push({ threw: true, message: err && err.message })
  }
}
process.stdout.write(JSON.stringify({ keys: Object.keys(handlers).sort(), results }))
