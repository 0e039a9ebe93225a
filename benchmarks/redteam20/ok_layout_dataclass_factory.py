"""Decode backend whose layout (page size plus an optional full-to-window translator) is a frozen dataclass built by a classmethod."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

import torch

Translator = Callable[[torch.Tensor], torch.Tensor]


@dataclass(frozen=True)
class _AttnLayout:
    page_size: int
    translate: Optional[Translator] = None

    @property
    def windowed(self) -> bool:
        return self.translate is not None

    @classmethod
    def from_runner(cls, model_runner) -> "_AttnLayout":
        pool = model_runner.token_to_kv_pool
        translate = getattr(pool, "translate_loc_from_full_to_swa", None)
        return cls(page_size=model_runner.page_size, translate=translate)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.layout = _AttnLayout.from_runner(model_runner)

    def forward_decode(self, loc):
        if not self.layout.windowed:
            return self.pool, loc
        return self.pool, self.layout.translate(loc)
