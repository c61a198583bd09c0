// agenthooks plugin for OpenCode: runs a hook program on OpenCode's plugin
// callbacks, as the command hooks of other hosts run. Written by the
// installer of github.com/agenthooks/hooks (its package opencode holds the
// template and documents the wire format); edit the installer's flags, not
// this file: install rewrites it and uninstall removes it.
//
// For each callback the plugin spawns the hook program (CONFIG.argv) with
// one JSON object on its stdin and reads one JSON object from its stdout:
//   {"decision":"block","reason":"..."}  the call is blocked: the plugin
//                                         throws, OpenCode gives the model
//                                         the reason as the tool's result
//   {"args":{...}}                        the call runs with these arguments
//   {"context":"..."}                     (tool.execute.after) appended to
//                                         the tool's output
//   {} or nothing at all                  no opinion
// Exit code 2 blocks with stderr as the reason. Anything else (the program
// cannot start, exits with another code, writes no JSON object, does not
// answer within CONFIG.timeoutMs, writes more than MAX_OUTPUT bytes)
// blocks the call: a hook that did not answer never lets a tool run.

import { spawn } from "node:child_process"

const CONFIG = /*AGENTHOOKS-CONFIG*/ { argv: [], timeoutMs: 30000, callbacks: [] } /*END*/

const WIRE = 1
const MAX_OUTPUT = 64 << 20 // bytes of stdout or stderr read; more blocks
const SESSION_EVENTS = ["session.created", "session.idle"]

/*AGENTHOOKS-RUN*/

// blocked is the Error thrown to block a call: OpenCode gives the model its
// message as the tool's result.
function blocked(reason) {
  return new Error(reason)
}

// verdict acts on a result for a tool callback: it throws to block, and
// returns the answer otherwise.
function verdict(r) {
  if (!r.ok) throw blocked("Blocked: " + r.why + " (agenthooks fails closed when its hook cannot answer)")
  if (r.block !== undefined) throw blocked(r.block)
  const a = r.answer
  if (a.decision === "block") throw blocked(typeof a.reason === "string" && a.reason.trim() ? a.reason : "Blocked by hook")
  if (a.decision !== undefined && a.decision !== "allow") throw blocked("Blocked: the hook's decision " + JSON.stringify(a.decision) + " is not one the plugin knows")
  return a
}

// replaceArgs makes args hold exactly next, in place: OpenCode runs the
// tool with the object it passed as output.args, so assigning a new object
// to output.args would change nothing.
function replaceArgs(args, next) {
  for (const k of Object.keys(args)) delete args[k]
  Object.assign(args, next)
}

function base(hook, ctx) {
  return { opencode_hook: hook, wire: WIRE, directory: ctx.directory || "", worktree: ctx.worktree || "" }
}

export const AgentHooks = async (ctx) => {
  const on = (name) => CONFIG.callbacks.includes(name)
  const hooks = {}
  if (on("tool.execute.before")) {
    hooks["tool.execute.before"] = async (input, output) => {
      const p = base("tool.execute.before", ctx)
      p.tool = input && input.tool
      p.session_id = input && input.sessionID
      p.call_id = input && input.callID
      p.args = output && output.args
      const a = verdict(await run(p))
      if (a.args !== undefined) {
        if (a.args === null || typeof a.args !== "object" || Array.isArray(a.args)) {
          throw blocked("Blocked: the hook's args are not a JSON object")
        }
        if (!output || output.args === null || typeof output.args !== "object") {
          throw blocked("Blocked: the call has no arguments to rewrite")
        }
        replaceArgs(output.args, a.args)
      }
    }
  }
  if (on("tool.execute.after")) {
    hooks["tool.execute.after"] = async (input, output) => {
      const p = base("tool.execute.after", ctx)
      p.tool = input && input.tool
      p.session_id = input && input.sessionID
      p.call_id = input && input.callID
      p.args = input && input.args
      p.result = output ? { title: output.title, output: output.output, metadata: output.metadata } : null
      const a = verdict(await run(p))
      if (typeof a.context === "string" && a.context !== "" && output && typeof output.output === "string") {
        output.output += "\n\n" + a.context
      }
    }
  }
  if (on("event")) {
    hooks.event = async ({ event }) => {
      // Session events only: the others (message parts, …) fire many times
      // a second. Nothing the hook answers has an effect; it never throws.
      try {
        if (!event || !SESSION_EVENTS.includes(event.type)) return
        const p = base("event", ctx)
        p.event = event.type
        p.session_id = (event.properties && (event.properties.sessionID || (event.properties.info && event.properties.info.id))) || ""
        p.properties = event.properties
        await run(p)
      } catch {}
    }
  }
  return hooks
}
