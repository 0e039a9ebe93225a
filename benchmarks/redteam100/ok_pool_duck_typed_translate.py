"""Local-attention decode path driven by per-layer window sizes.

Rather than importing the hybrid pool class, the backend checks whether the
runner's KV pool exposes a full->SWA translation and uses it for windowed
layers.
"""

from typing import Callable, List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        window_sizes: List[int] = (2048, 2048, 2048, 2048, -1) * 4,
    ):
        super().__init__()
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.window_sizes = list(window_sizes)
        self._translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            self.token_to_kv_pool, "translate_loc_from_full_to_swa", None
        )
        self.current_layer = 0

    def is_swa_layer(self, layer_id: int) -> bool:
        return self.window_sizes[layer_id] > 0

    def get_window_size(self, layer_id: int) -> int:
        return self.window_sizes[layer_id]

    def forward_decode(self, loc: torch.Tensor):
        if self._translate is not None and self.is_swa_layer(self.current_layer):
            loc = self._translate(loc)
        return self.token_to_kv_pool, loc
