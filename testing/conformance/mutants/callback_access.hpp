#pragma once

// For the callback mutants only: the user callback that IAsyncInferRequest keeps private. Access
// checks do not apply to the arguments of an explicit template instantiation, which is the one
// portable way to name a private member from outside; a mutant exists to break the SDK's
// promises, and the callback is not reachable otherwise.

#include <mutex>

#include "ferry/plugin/iasync_infer_request.hpp"

namespace ferry::conformance::mutants {

template <typename Tag, typename Tag::type Member>
struct PrivateMember {
  friend typename Tag::type member_of(Tag) { return Member; }
};

struct CallbackMember {
  using type = IAsyncInferRequest::Callback IAsyncInferRequest::*;
  friend type member_of(CallbackMember);
};
struct MutexMember {
  using type = std::mutex IAsyncInferRequest::*;
  friend type member_of(MutexMember);
};

template struct PrivateMember<CallbackMember, &IAsyncInferRequest::m_callback>;
template struct PrivateMember<MutexMember, &IAsyncInferRequest::m_mutex>;

// The request's callback, replaced by `replacement`; returns the one it had.
inline IAsyncInferRequest::Callback exchange_callback(IAsyncInferRequest& request,
                                                      IAsyncInferRequest::Callback replacement) {
  std::lock_guard<std::mutex> lock(request.*member_of(MutexMember{}));
  auto& callback = request.*member_of(CallbackMember{});
  std::swap(callback, replacement);
  return replacement;
}

// A copy of the request's callback.
inline IAsyncInferRequest::Callback callback_of(IAsyncInferRequest& request) {
  std::lock_guard<std::mutex> lock(request.*member_of(MutexMember{}));
  return request.*member_of(CallbackMember{});
}

}  // namespace ferry::conformance::mutants
