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

// run spawns the hook with payload on stdin and resolves to its answer:
// {ok:true, answer} for a JSON object on exit 0, {ok:true, block:reason}
// for exit 2, {ok:false, why} for a failure. It never rejects.
function run(payload) {
  return new Promise((resolve) => {
    let done = false
    let timer // set once the hook runs; finish may run before (spawn throws)
    const finish = (v) => {
      if (done) return
      done = true
      clearTimeout(timer)
      resolve(v)
    }
    let child
    try {
      child = spawn(CONFIG.argv[0], CONFIG.argv.slice(1), {
        stdio: ["pipe", "pipe", "pipe"],
        cwd: payload.directory || undefined,
        windowsHide: true,
      })
    } catch (e) {
      finish({ ok: false, why: "cannot start the hook: " + message(e) })
      return
    }
    timer = setTimeout(() => {
      try { child.kill("SIGKILL") } catch {}
      finish({ ok: false, why: "the hook did not answer within " + CONFIG.timeoutMs + " ms" })
    }, CONFIG.timeoutMs)
    const out = [], err = []
    let outLen = 0, errLen = 0
    child.stdout.on("data", (b) => {
      outLen += b.length
      if (outLen > MAX_OUTPUT) {
        try { child.kill("SIGKILL") } catch {}
        finish({ ok: false, why: "the hook wrote more than " + MAX_OUTPUT + " bytes" })
        return
      }
      out.push(b)
    })
    child.stderr.on("data", (b) => {
      if (errLen < 4096) err.push(b)
      errLen += b.length
    })
    child.on("error", (e) => finish({ ok: false, why: "cannot run the hook: " + message(e) }))
    child.on("close", (code, signal) => {
      const stderr = Buffer.concat(err).toString("utf8").trim().slice(0, 4096)
      if (signal) return finish({ ok: false, why: "the hook was killed by " + signal })
      if (code === 2) return finish({ ok: true, block: stderr || "Blocked by hook" })
      if (code !== 0) return finish({ ok: false, why: "the hook exited with code " + code + (stderr ? ": " + stderr : "") })
      const text = Buffer.concat(out).toString("utf8")
      if (text.trim() === "") return finish({ ok: true, answer: {} }) // no opinion
      let answer
      try {
        answer = JSON.parse(text)
      } catch (e) {
        return finish({ ok: false, why: "the hook's answer is not JSON" })
      }
      if (answer === null || typeof answer !== "object" || Array.isArray(answer)) {
        return finish({ ok: false, why: "the hook's answer is not a JSON object" })
      }
      finish({ ok: true, answer })
    })
    child.stdin.on("error", () => {}) // a hook that exits without reading all of stdin
    try {
      child.stdin.end(JSON.stringify(payload))
    } catch (e) {
      try { child.kill("SIGKILL") } catch {}
      finish({ ok: false, why: "cannot write the event: " + message(e) })
    }
  })
}

function message(e) {
  return e && e.message ? e.message : String(e)
}

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
