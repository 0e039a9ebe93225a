"""Pluggable decode hooks selected by capability predicates.

Each hook declares a predicate over the runner's memory objects.  The first
hook whose predicate matches handles location mapping for decode.  The
sliding-window hook keys off the allocator exposing the full->SWA mapping API.
"""

import logging
from dataclasses import dataclass
from typing import Callable, List

import torch

logger = logging.getLogger(__name__)


@dataclass
class DecodeHook:
    name: str
    predicate: Callable[[object, object], bool]
    handler: Callable[[object, object, torch.Tensor], torch.Tensor]


DECODE_HOOKS: List[DecodeHook] = []


def decode_hook(name: str, predicate):
    def deco(handler):
        DECODE_HOOKS.append(DecodeHook(name, predicate, handler))
        return handler

    return deco


@decode_hook(
    "sliding_window",
    lambda pool, allocator: callable(getattr(allocator, "translate_loc_from_full_to_swa", None)),
)
def _swa_handler(pool, allocator, loc):
    return pool.translate_loc_from_full_to_swa(loc)


@decode_hook("full", lambda pool, allocator: True)
def _full_handler(pool, allocator, loc):
    return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, verbose: bool = False):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self._allocator = allocator
        self.hook = next(h for h in DECODE_HOOKS if h.predicate(self.pool, allocator))
        if verbose:
            logger.info("decode hook: %s", self.hook.name)

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self.hook.handler(self.pool, self._allocator, loc)
