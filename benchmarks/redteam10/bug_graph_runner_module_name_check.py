"""Backend with capture/replay helpers; SWA detected from the allocator's module."""

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_enabled = ".swa" in type(self.allocator).__module__
        self.cuda_graph_loc = None

    def init_cuda_graph_state(self, max_bs: int):
        self.cuda_graph_loc = torch.zeros(max_bs, dtype=torch.int64)

    def init_forward_metadata_capture_cuda_graph(self, bs: int):
        return self.cuda_graph_loc[:bs]

    def init_forward_metadata_replay_cuda_graph(self, loc):
        bs = loc.numel()
        buf = self.init_forward_metadata_capture_cuda_graph(bs)
        if self.swa_enabled:
            buf.copy_(self.allocator.translate_loc_from_full_to_swa(loc))
        else:
            buf.copy_(loc)
        return buf

    def forward_decode(self, loc):
        if self.cuda_graph_loc is None:
            self.init_cuda_graph_state(16)
        return self.token_to_kv_pool, self.init_forward_metadata_replay_cuda_graph(loc).clone()
