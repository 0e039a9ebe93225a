"""ROCm decode backend with gfx-architecture specific kernel selection.

gfx942 and gfx950 get the AITER MHA decode kernel, older Instinct parts and non-ROCm
builds use the Triton extend/decode kernels. The Triton path consults the token
allocator's window remap to decide whether the hybrid window cache is active.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)

_AITER_ARCHS = ("gfx942", "gfx950")


def _is_hip() -> bool:
    return torch.version.hip is not None


def _gfx_arch() -> Optional[str]:
    if not (_is_hip() and torch.cuda.is_available()):
        return None
    return torch.cuda.get_device_properties(0).gcnArchName.split(":")[0]


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, prefer_triton: bool = False):
        super().__init__()
        arch = _gfx_arch()
        self.kernel = "aiter" if (arch in _AITER_ARCHS and not prefer_triton) else "triton"
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

        if self.kernel == "aiter":
            self.window_enabled = hasattr(self.kv_pool, "full_to_swa_index_mapping")
        else:
            self.window_enabled = (
                getattr(self.allocator, "full_to_swa_index_mapping", None) is not None
            )
        logger.info(
            "rocm decode: arch=%s kernel=%s window=%s", arch, self.kernel, self.window_enabled
        )

    def _window_loc(self, loc: torch.Tensor) -> torch.Tensor:
        if self.kernel == "aiter":
            return self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if not self.window_enabled:
            return self.kv_pool, loc
        return self.kv_pool, self._window_loc(loc)
