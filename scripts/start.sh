#!/usr/bin/env bash
# Starts the app in built-in mode (mock identity provider + mock login service) on
# http://localhost:5173, after providing Node 24 and the dependencies.
#
# Built-in mode whatever the shell or a .env file says: built-in mode is a blank
# VITE_ENOKI_API_KEY (src/config.ts reads a blank setting as unset), and Vite lets a
# variable of the process override the same one in .env files, even a blank one. The
# settings that point at real services are blanked too, so that the mocks' defaults apply
# (a .env written for real mode would otherwise send a built-in page to the real login
# service and providers). Other settings (network, sign-in mode, …) are kept.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh
source scripts/ensure-deps.sh
for setting in VITE_ENOKI_API_KEY VITE_ENOKI_API_URL VITE_REDIRECT_URL VITE_SUI_GRAPHQL_URL VITE_SUI_FAUCET_URL \
  VITE_GOOGLE_CLIENT_ID VITE_FACEBOOK_CLIENT_ID VITE_TWITCH_CLIENT_ID \
  VITE_GOOGLE_AUTH_URL VITE_FACEBOOK_AUTH_URL VITE_TWITCH_AUTH_URL; do
  export "$setting="
done
exec npm start -- "$@"
