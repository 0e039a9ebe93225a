"""Ordered (predicate, handler) dispatch for decode KV access.

The first predicate that matches the allocator wins. Kept as a flat list so
platform plugins can prepend their own entries.
"""

import logging
from typing import Callable, List, Tuple

import torch

logger = logging.getLogger(__name__)

Predicate = Callable[[object], bool]
Handler = Callable[["GeneratedAttnBackend", torch.Tensor], tuple]


def _has_window_mapping(allocator) -> bool:
    return hasattr(allocator, "translate_loc_from_full_to_swa")


def _always(_allocator) -> bool:
    return True


def _windowed_decode(backend, loc):
    pool = backend.kv_pool
    return pool, pool.translate_loc_from_full_to_swa(loc)


def _full_decode(backend, loc):
    return backend.kv_pool, loc


DECODE_HANDLERS: List[Tuple[Predicate, Handler]] = [
    (_has_window_mapping, _windowed_decode),
    (_always, _full_decode),
]


class GeneratedAttnBackend:
    def __init__(self, model_runner, handlers=None):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        for predicate, handler in handlers or DECODE_HANDLERS:
            if predicate(allocator):
                self._handler = handler
                break
        logger.info("decode handler: %s", self._handler.__name__)

    def forward_decode(self, loc: torch.Tensor):
        return self._handler(self, loc)
