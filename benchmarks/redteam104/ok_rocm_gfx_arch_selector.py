"""ROCm decode backend selecting kernels by gfx architecture.

AITER on gfx942/gfx950, Triton elsewhere (including non-ROCm hosts used for testing).
The hybrid window path is enabled when the runner's KV pool carries a window sub-pool.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)

_AITER_ARCHS = {"gfx942", "gfx950"}


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
        self.window_enabled = getattr(self.kv_pool, "swa_kv_pool", None) is not None
        logger.info(
            "rocm decode: arch=%s kernel=%s window=%s allocator=%s",
            arch,
            self.kernel,
            self.window_enabled,
            type(model_runner.token_to_kv_pool_allocator).__name__,
        )

    def forward_decode(self, loc: torch.Tensor):
        if not self.window_enabled:
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
