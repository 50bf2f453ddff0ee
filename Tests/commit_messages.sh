#!/usr/bin/env bash
# Commit messages as docs/decisions/0084-commit-messages-are-checked.md asks (#32): a subject
# of at most 72 characters with an area prefix ("Outbox: a held entry stops only its subject"),
# a blank line, and a body saying why.
# Merge commits are left as git writes them.
#   commit_messages.sh --message FILE   one message (the commit-msg hook)
#   commit_messages.sh [SINCE]          every commit after SINCE (default: the rule's first commit)
set -euo pipefail
SINCE_DEFAULT=9b7f655

problems() {   # problems SUBJECT SECOND_LINE BODY: prints what is wrong, one line each
  local subject="$1" second="$2" body="$3"
  [[ "$subject" == Merge\ * ]] && return 0
  [ "${#subject}" -le 72 ] || echo "the subject has ${#subject} characters (at most 72)"
  [[ "$subject" =~ ^[A-Z][A-Za-z0-9/+.\ -]{1,30}:\ [^\ ] ]] || echo "the subject has no area prefix (\"Area: what changed\")"
  [ -z "$second" ] || echo "the second line is not blank"
  [ -n "${body//[[:space:]]/}" ] || echo "there is no body saying why"
}

if [ "${1:-}" = "--message" ]; then
  text="$(grep -v '^#' "$2")"
  subject="$(sed -n 1p <<<"$text")"; second="$(sed -n 2p <<<"$text")"; body="$(sed -n '3,$p' <<<"$text")"
  found="$(problems "$subject" "$second" "$body")"
  [ -z "$found" ] && exit 0
  echo "commit message: $found" >&2
  exit 1
fi

since="${1:-$SINCE_DEFAULT}"
git rev-parse -q --verify "$since^{commit}" >/dev/null || { echo "commit_messages: no commit $since here (a shallow clone?)" >&2; exit 0; }
failed=0
for commit in $(git rev-list --no-merges "$since..HEAD"); do
  subject="$(git log -1 --format=%s "$commit")"
  second="$(git log -1 --format=%B "$commit" | sed -n 2p)"
  body="$(git log -1 --format=%B "$commit" | sed -n '3,$p')"
  found="$(problems "$subject" "$second" "$body")"
  if [ -n "$found" ]; then
    failed=1
    while read -r line; do echo "${commit:0:7} $subject: $line"; done <<<"$found"
  fi
done
[ "$failed" = 0 ] && echo "commit messages after $since: subjects ≤ 72 with an area prefix, each with a body"
exit "$failed"
