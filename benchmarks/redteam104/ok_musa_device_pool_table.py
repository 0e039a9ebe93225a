"""Cross-platform attention backend (CUDA / MUSA / NPU / CPU).

A table maps each device type to its decode kernel name and default split count; the
KV buffers are always the runner's own pool, and window layers use its SWA view.
"""

import logging
from typing import Dict, NamedTuple, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DeviceProfile(NamedTuple):
    kernel: str
    num_kv_splits: int


_PROFILES: Dict[str, DeviceProfile] = {
    "cuda": DeviceProfile("flashinfer", 8),
    "musa": DeviceProfile("mate_flash", 4),
    "npu": DeviceProfile("ascend_fia", 1),
    "cpu": DeviceProfile("torch_sdpa", 1),
}


def _device_type(device) -> str:
    dev_type = device.type if isinstance(device, torch.device) else str(device).split(":")[0]
    return dev_type if dev_type in _PROFILES else "cpu"


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_kv_splits: Optional[int] = None):
        super().__init__()
        self.device_type = _device_type(model_runner.device)
        profile = _PROFILES[self.device_type]
        self.kernel = profile.kernel
        self.num_kv_splits = num_kv_splits or profile.num_kv_splits

        kv_cache = model_runner.token_to_kv_pool
        self.kv_cache = kv_cache
        self.window_cache = kv_cache if isinstance(kv_cache, SWAKVPool) else None
        logger.info(
            "attn on %s: kernel=%s splits=%d window=%s",
            self.device_type,
            self.kernel,
            self.num_kv_splits,
            self.window_cache is not None,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.window_cache is None:
            return self.kv_cache, loc
        return self.window_cache, self.window_cache.translate_loc_from_full_to_swa(loc)
