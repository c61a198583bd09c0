// agenthooks extension for Pi: runs a hook program on Pi's extension
// events, as the command hooks of other hosts run. Written by the
// installer of github.com/agenthooks/hooks (its package pi holds the
// template and documents the wire format); edit the installer's flags, not
// this file: install rewrites it and uninstall removes it.
//
// For each event the extension spawns the hook program (CONFIG.argv) with
// one JSON object on its stdin and reads one JSON object from its stdout:
//   {"decision":"block","reason":"..."}  (tool_call) the call is blocked:
//                                         Pi gives the model the reason
//                                         as the tool's error
//   {"input":{...}}                       (tool_call) the call runs with
//                                         these arguments
//   {"context":"..."}                     (tool_result) appended to the
//                                         tool's result
//   {} or nothing at all                  no opinion
// Exit code 2 blocks with stderr as the reason. Anything else (the program
// cannot start, exits with another code, writes no JSON object, does not
// answer within CONFIG.timeoutMs, writes more than MAX_OUTPUT bytes)
// blocks the call: a hook that did not answer never lets a tool run.

import { spawn } from "node:child_process"

const CONFIG = /*AGENTHOOKS-CONFIG*/ { argv: [], timeoutMs: 30000, events: [] } /*END*/

const WIRE = 1
const MAX_OUTPUT = 64 << 20 // bytes of stdout or stderr read; more blocks

/*AGENTHOOKS-RUN*/

// failed is the answer of a tool_call the hook could not judge: a block.
function failed(why) {
  return { block: true, reason: "Blocked: " + why + " (agenthooks fails closed when its hook cannot answer)" }
}

// verdict turns a result for tool_call into Pi's answer: {block, reason}
// to block, or the hook's answer object to go on with.
function verdict(r) {
  if (!r.ok) return { stop: failed(r.why) }
  if (r.block !== undefined) return { stop: { block: true, reason: r.block } }
  const a = r.answer
  if (a.decision === "block") return { stop: { block: true, reason: typeof a.reason === "string" && a.reason.trim() ? a.reason : "Blocked by hook" } }
  if (a.decision !== undefined && a.decision !== "allow") return { stop: failed("the hook's decision " + JSON.stringify(a.decision) + " is not one the extension knows") }
  return { answer: a }
}

// replaceInput makes input hold exactly next, in place: Pi runs the tool
// with the object it passed as event.input (and validates it no more).
function replaceInput(input, next) {
  for (const k of Object.keys(input)) delete input[k]
  Object.assign(input, next)
}

function base(hook, ctx) {
  let session = ""
  try { session = (ctx && ctx.sessionManager && ctx.sessionManager.getSessionId && ctx.sessionManager.getSessionId()) || "" } catch {}
  return { pi_hook: hook, wire: WIRE, cwd: (ctx && ctx.cwd) || process.cwd(), session_id: session }
}

export default function agenthooks(pi) {
  const on = (name) => CONFIG.events.includes(name)
  if (on("tool_call")) {
    pi.on("tool_call", async (event, ctx) => {
      const p = base("tool_call", ctx)
      p.tool = event && event.toolName
      p.call_id = event && event.toolCallId
      p.input = event && event.input
      const v = verdict(await run(p))
      if (v.stop) return v.stop
      const a = v.answer
      if (a.input !== undefined) {
        if (a.input === null || typeof a.input !== "object" || Array.isArray(a.input)) return failed("the hook's input is not a JSON object")
        if (!event || event.input === null || typeof event.input !== "object") return failed("the call has no input to rewrite")
        replaceInput(event.input, a.input)
      }
      return undefined
    })
  }
  if (on("tool_result")) {
    pi.on("tool_result", async (event, ctx) => {
      const p = base("tool_result", ctx)
      p.tool = event && event.toolName
      p.call_id = event && event.toolCallId
      p.input = event && event.input
      p.result = event ? { content: event.content, details: event.details, isError: event.isError } : null
      const r = await run(p)
      // The tool has run: a failure or a block can only tell the model.
      let text = ""
      if (!r.ok) text = "agenthooks: " + r.why
      else if (r.block !== undefined) text = r.block
      else if (r.answer.decision === "block") text = typeof r.answer.reason === "string" && r.answer.reason !== "" ? r.answer.reason : "Blocked by hook"
      else if (typeof r.answer.context === "string") text = r.answer.context
      if (text === "") return undefined
      const content = Array.isArray(event.content) ? event.content.slice() : []
      content.push({ type: "text", text })
      return { content }
    })
  }
  for (const name of ["session_start", "agent_end"]) {
    if (!on(name)) continue
    pi.on(name, async (event, ctx) => {
      // Nothing the hook answers has an effect; it never throws.
      try {
        const p = base(name, ctx)
        if (event && typeof event.reason === "string") p.reason = event.reason
        await run(p)
      } catch {}
    })
  }
}
