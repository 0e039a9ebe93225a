"""NSA-style backend: CUDA-graph buffers sized by the allocator, SWA from the pool."""

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.max_tokens = min(int(allocator.size), 4096)
        self.swa_translate = getattr(self.token_to_kv_pool, "translate_loc_from_full_to_swa", None)
        self.cuda_graph_kv_indices = None

    def init_cuda_graph_state(self):
        self.cuda_graph_kv_indices = torch.zeros(self.max_tokens, dtype=torch.int64)

    def init_forward_metadata_replay_cuda_graph(self, loc):
        n = loc.numel()
        src = self.swa_translate(loc) if self.swa_translate is not None else loc
        self.cuda_graph_kv_indices[:n].copy_(src)
        return self.cuda_graph_kv_indices[:n]

    def forward_decode(self, loc):
        if self.cuda_graph_kv_indices is None:
            self.init_cuda_graph_state()
        return self.token_to_kv_pool, self.init_forward_metadata_replay_cuda_graph(loc).clone()
