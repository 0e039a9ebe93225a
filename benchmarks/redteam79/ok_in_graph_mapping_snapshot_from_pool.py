"""FA3-style backend with in-graph full->SWA translation.

For in-graph translation the backend keeps a reference to the pool's raw
``full_to_swa_index_mapping`` tensor and gathers from it during replay into a
static buffer, so the captured kernel reads stable addresses.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 8):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.max_bs = max_bs
        self.decode_cuda_graph_metadata: dict = {}

    def _in_graph_full_to_swa_index_mapping(self) -> Optional[torch.Tensor]:
        if not self.use_sliding_window_kv_pool:
            return None
        return self.token_to_kv_pool.full_to_swa_index_mapping

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        md = self.decode_cuda_graph_metadata
        md["out_cache_loc"] = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)
        mapping = self._in_graph_full_to_swa_index_mapping()
        if mapping is not None:
            md["full_to_swa_index_mapping"] = mapping
            md["swa_out_cache_loc"] = torch.zeros_like(md["out_cache_loc"])

    def init_forward_metadata_replay_cuda_graph(self, bs: int, out_cache_loc: torch.Tensor):
        md = self.decode_cuda_graph_metadata
        n = out_cache_loc.numel()
        md["out_cache_loc"][:n].copy_(out_cache_loc)
        mapping = md.get("full_to_swa_index_mapping")
        if mapping is not None:
            md["swa_out_cache_loc"][:n].copy_(mapping[out_cache_loc])

    def forward_decode(self, loc: torch.Tensor):
        n = loc.numel()
        if not self.decode_cuda_graph_metadata:
            self.init_cuda_graph_state(self.max_bs, max(self.max_bs, n))
        self.init_forward_metadata_replay_cuda_graph(n, loc)
        md = self.decode_cuda_graph_metadata
        if "swa_out_cache_loc" in md:
            return self.token_to_kv_pool, md["swa_out_cache_loc"][:n].clone()
        return self.token_to_kv_pool, md["out_cache_loc"][:n].clone()
