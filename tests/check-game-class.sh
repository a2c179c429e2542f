#!/bin/sh
# The app, the CLI and print ask a game through the arb_game_*()
# functions (src/rules/arb-game.h), never its class: the class's layout
# is the games' and arb-game.c's alone.
set -eu
top=${1:-$(dirname "$0")/..}
cd "$top"

if grep -rn "ARB_GAME_GET_CLASS\|ArbGameClass\|ARB_GAME_CLASS" src/app src/cli src/print; then
  echo "the lines above read a game's class: call an arb_game_*() function"
  exit 1
fi
