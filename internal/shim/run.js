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
        cwd: payload.AGENTHOOKS_CWD || undefined,
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
