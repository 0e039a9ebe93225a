import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.server_args = model_runner.server_args
        self.disable_cuda_graph = self.server_args.disable_cuda_graph
        self.kv_pool = model_runner.token_to_kv_pool
        self.full_to_swa = getattr(self.kv_pool, "full_to_swa_index_mapping", None)
        self.allocator_kind = type(model_runner.token_to_kv_pool_allocator).__name__

    def forward_decode(self, loc):
        if self.full_to_swa is not None:
            return self.kv_pool, self.full_to_swa[loc].to(torch.int64)
        return self.kv_pool, loc
