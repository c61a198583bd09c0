package guard

import "testing"

// TestContainers: what a container runs is judged by the rules, its
// paths mapped through its bind mounts to the project's (package shell's
// box): a delete of the project's work through a mount is rule 1, by the
// worktree's state; a path of the container's own touches nothing here;
// a path in a container whose mounts are not all shown (exec, compose,
// --privileged) is known only at run time. Docker's daemon is not
// running here, so these rows are not run.
func TestContainers(t *testing.T) {
	root := project(t)
	judgeTable(t, root, []judgeCase{
		{`docker run --rm -v "$PWD":/w alpine rm -rf /w/src`, "rule 1"},
		{`docker run --rm -v "$PWD":/w -w /w alpine rm -rf src`, "which holds 1 file git has no copy of"},
		{`docker run --rm -v "$PWD":/w alpine sh -c 'cd /w && rm -rf notes'`, "rule 1"},
		{`docker run --rm --mount type=bind,src="$PWD",dst=/w alpine rm -rf /w/src`, "rule 1"},
		{`docker run --rm -v .:/w --entrypoint rm alpine -rf /w/src`, "rule 1"},
		{`sudo docker --context dev container run -v "$PWD":/w alpine rm -rf /w/src`, "rule 1"},
		{`podman run --rm -v "$PWD":/w alpine sh -c 'cd /w && git checkout -- .'`, "rule 2"},
		{`docker run --rm -v "$PWD":/w alpine sh -c 'echo KEY=x > /w/app/.env'`, "rule 3"},
		{`docker run --rm -v "$PWD":/w alpine cat /w/app/.env`, "rule 7"},
		{`docker exec web rm -rf /app/src`, "rule 1"},
		{`docker compose exec web rm -rf /app/src`, "rule 1"},
		{`docker compose run --rm web rm -rf /app/src`, "rule 1"},
		{`docker run --privileged --pid=host alpine nsenter -t 1 -m sh -c 'rm -rf /home/dev/x'`, "rule 1"},
		{`docker run -v /var/run/docker.sock:/var/run/docker.sock docker docker run -v /:/h alpine rm -rf /h/x`, "rule 4"},
		// Look-alikes: scratch through a mount, the container's own
		// files, a read-only mount, everyday use.
		{`docker run --rm -v "$PWD":/w -w /w alpine rm -rf node_modules`, ""},
		{`docker run --rm -v "$PWD":/w alpine rm -rf /w/target/debug/incremental`, ""},
		{`docker run --rm alpine rm -rf /tmp/x /var/cache/apk`, ""},
		{`docker run --rm -v "$PWD":/w:ro alpine rm -rf /w/src`, ""},
		{`docker run --rm -v "$PWD":/w -w /w node:20 npm ci`, ""},
		{`docker run --rm -v "$PWD":/src -w /src golang:1.22 go build ./...`, ""},
		{`docker run --rm -it ubuntu bash`, ""},
		{`docker compose exec db psql -U postgres -c 'select 1'`, ""},
		{`docker compose run --rm web python manage.py migrate`, ""},
		{`docker cp web:/app/log.txt .`, ""},
	})
}
