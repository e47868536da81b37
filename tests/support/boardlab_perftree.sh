#!/bin/sh
# boardlab as a perftree script: the binary named by BOARDLAB_BIN, with `perftree` in front of
# the arguments perftree's protocol passes (DEPTH FEN [MOVES]). BOARDLAB_BACKEND picks a backend.
exec "${BOARDLAB_BIN:-boardlab}" perftree "$@" --backend "${BOARDLAB_BACKEND:-magic}"
