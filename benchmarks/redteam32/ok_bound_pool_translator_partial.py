"""Decode backend that binds the full->SWA translator from its pool through functools.partial."""

import functools
import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


def _to_pages(loc: torch.Tensor, page_size: int, translate=None) -> torch.Tensor:
    if translate is not None:
        loc = translate(loc)
    return loc // page_size if page_size > 1 else loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = getattr(allocator, "page_size", 1)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        translate: Optional[Callable] = getattr(
            self.token_to_kv_pool, "translate_loc_from_full_to_swa", None
        )
        self.has_swa = translate is not None
        self._swa_pages = functools.partial(
            _to_pages, page_size=self.page_size, translate=translate
        )
        self._full_pages = functools.partial(_to_pages, page_size=self.page_size)
        logger.debug("page_size=%d has_swa=%s", self.page_size, self.has_swa)

    def init_cuda_graph_state(self, max_bs: int):
        self.cuda_graph_pages = torch.zeros(max_bs, dtype=torch.int64)

    def init_forward_metadata_capture_cuda_graph(self, bs: int, loc: torch.Tensor):
        pages = self._swa_pages(loc) if self.has_swa else self._full_pages(loc)
        self.cuda_graph_pages[:bs].copy_(pages)
        return self.cuda_graph_pages[:bs]

    def forward_decode(self, loc):
        pages = self._swa_pages(loc) if self.has_swa else self._full_pages(loc)
        return self.token_to_kv_pool, pages
