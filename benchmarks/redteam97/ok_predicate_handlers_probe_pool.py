"""Ordered (predicate, handler) dispatch for decode KV access.

Predicates inspect the KV pool this backend reads; the first match wins.
Platform plugins may prepend entries.
"""

import logging
from typing import Callable, List, Tuple

import torch

logger = logging.getLogger(__name__)


def _pool_has_window(pool) -> bool:
    return callable(getattr(pool, "translate_loc_from_full_to_swa", None))


def _windowed_decode(pool, loc):
    return pool, pool.translate_loc_from_full_to_swa(loc)


def _full_decode(pool, loc):
    return pool, loc


DECODE_HANDLERS: List[Tuple[Callable, Callable]] = [
    (_pool_has_window, _windowed_decode),
    (lambda _pool: True, _full_decode),
]


class GeneratedAttnBackend:
    def __init__(self, model_runner, handlers=None):
        self.kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        for predicate, handler in handlers or DECODE_HANDLERS:
            if predicate(self.kv_pool):
                self._handler = handler
                break
        logger.info("decode handler: %s (page_size=%d)", self._handler.__name__, self.page_size)

    def forward_decode(self, loc: torch.Tensor):
        return self._handler(self.kv_pool, loc)
