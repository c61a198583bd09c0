module github.com/agenthooks/hooks

go 1.26
