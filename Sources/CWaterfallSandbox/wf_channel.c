#define _GNU_SOURCE
#include "CWaterfallSandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int wf_channel_send(int socket, const void *message, size_t size, int fd) {
    struct iovec part = {.iov_base = (void *)message, .iov_len = size};
    union {
        struct cmsghdr header;
        char space[CMSG_SPACE(sizeof(int))];
    } control;
    memset(&control, 0, sizeof control);
    struct msghdr packet = {.msg_iov = &part, .msg_iovlen = 1};
    if (fd >= 0) {
        packet.msg_control = control.space;
        packet.msg_controllen = sizeof control.space;
        struct cmsghdr *header = CMSG_FIRSTHDR(&packet);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(header), &fd, sizeof fd);
    }
    ssize_t sent;
    do {
        sent = sendmsg(socket, &packet, MSG_NOSIGNAL);
    } while (sent < 0 && errno == EINTR);
    if (sent < 0) return -1;
    if ((size_t)sent != size) {
        errno = EMSGSIZE;
        return -1;
    }
    return 0;
}

ssize_t wf_channel_receive(int socket, void *message, size_t size, int *fd) {
    *fd = -1;
    struct iovec part = {.iov_base = message, .iov_len = size};
    union {
        struct cmsghdr header;
        char space[CMSG_SPACE(4 * sizeof(int))];
    } control;
    struct msghdr packet = {.msg_iov = &part, .msg_iovlen = 1, .msg_control = control.space,
                            .msg_controllen = sizeof control.space};
    ssize_t received;
    do {
        received = recvmsg(socket, &packet, MSG_CMSG_CLOEXEC);
    } while (received < 0 && errno == EINTR);
    if (received < 0) return -1;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&packet); header; header = CMSG_NXTHDR(&packet, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t i = 0; i < count; i++) {
            int received_fd;
            memcpy(&received_fd, CMSG_DATA(header) + i * sizeof(int), sizeof received_fd);
            if (*fd < 0) {
                *fd = received_fd;
            } else {
                close(received_fd);
            }
        }
    }
    if (packet.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) {
        if (*fd >= 0) close(*fd);
        *fd = -1;
        errno = EMSGSIZE;
        return -1;
    }
    return received;
}

int wf_channel_wait(int socket, int timeout_ms) {
    struct pollfd watched = {.fd = socket, .events = POLLIN};
    for (;;) {
        int ready = poll(&watched, 1, timeout_ms);
        if (ready >= 0) return ready > 0 ? 1 : 0;
        if (errno != EINTR) return -1;
    }
}
