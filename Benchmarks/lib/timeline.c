/* Benchmarks/start_timeline.sh's LD_PRELOAD shim: stamps (CLOCK_MONOTONIC, thread id) the calls
   that mark the start's steps — writes (fd 1: what the terminal gets), opens, preads (the saved
   read's pages), fdatasync/fsync, poll (the UI loop's waits), setlocale, tcsetattr — and writes
   them at exit to $TL_OUT, relative to $TL_START (the harness's clock before it forks), each with
   the process's minor page faults so far (getrusage). A measuring tool, never linked into the app. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
#include <stdarg.h>
#include <sys/syscall.h>
#include <stdatomic.h>
#include <sys/resource.h>
typedef struct { long ns; long minflt; int tid; char what[80]; } ev;
static ev evs[4096]; static atomic_int n;
static long now(void){ struct timespec t; clock_gettime(CLOCK_MONOTONIC,&t); return t.tv_sec*1000000000L+t.tv_nsec; }
static void rec(const char*fmt,...){ int i=atomic_fetch_add(&n,1); if(i>=4096)return; evs[i].ns=now(); evs[i].tid=(int)syscall(SYS_gettid); struct rusage u; getrusage(RUSAGE_SELF,&u); evs[i].minflt=u.ru_minflt; va_list a; va_start(a,fmt); vsnprintf(evs[i].what,80,fmt,a); va_end(a);}
static ssize_t (*rwrite)(int,const void*,size_t);
ssize_t write(int fd,const void*b,size_t c){ if(!rwrite) rwrite=dlsym(RTLD_NEXT,"write"); if(fd==1){ char s[40]; size_t k=c<30?c:30; int j=0; for(size_t i=0;i<k;i++){char ch=((const char*)b)[i]; s[j++]=(ch>=32&&ch<127)?ch:'.';} s[j]=0; rec("write1 %zu %s",c,s);} else rec("write%d %zu",fd,c); return rwrite(fd,b,c);}
static int (*rfds)(int);
int fdatasync(int fd){ if(!rfds) rfds=dlsym(RTLD_NEXT,"fdatasync"); rec("fdatasync %d",fd); int r=rfds(fd); rec("fdatasync done"); return r;}
static int (*rfs)(int);
int fsync(int fd){ if(!rfs) rfs=dlsym(RTLD_NEXT,"fsync"); rec("fsync %d",fd); int r=rfs(fd); rec("fsync done"); return r;}
static int (*ropenat)(int,const char*,int,...);
int open64(const char*p,int f,...){ va_list a; va_start(a,f); int m=va_arg(a,int); va_end(a); static int (*ro)(const char*,int,...); if(!ro) ro=dlsym(RTLD_NEXT,"open64"); rec("open %.60s",p); return ro(p,f,m);}
int open(const char*p,int f,...){ va_list a; va_start(a,f); int m=va_arg(a,int); va_end(a); static int (*ro)(const char*,int,...); if(!ro) ro=dlsym(RTLD_NEXT,"open"); rec("open %.60s",p); return ro(p,f,m);}
char*setlocale(int c,const char*l){ static char*(*rs)(int,const char*); if(!rs) rs=dlsym(RTLD_NEXT,"setlocale"); rec("setlocale %d",c); char*r=rs(c,l); rec("setlocale done"); return r;}
__attribute__((constructor)) static void start(void){ rec("ctor"); }
__attribute__((destructor)) static void fin(void){ const char*s=getenv("TL_START"); long t0=s?atol(s):evs[0].ns; const char*o=getenv("TL_OUT"); FILE*f=fopen(o?o:"/tmp/gc/tl/out.txt","w"); int m=n<4096?n:4096; for(int i=0;i<m;i++) fprintf(f,"%8.3f %6d %s pf=%ld\n",(evs[i].ns-t0)/1e6,evs[i].tid,evs[i].what,evs[i].minflt); fclose(f);}
ssize_t pread64(int fd, void*b, size_t c, off_t o){ static ssize_t (*rp)(int,void*,size_t,off_t); if(!rp) rp=dlsym(RTLD_NEXT,"pread64"); rec("pread %d %zu @%ld",fd,c,(long)o); return rp(fd,b,c,o);}
int poll(void*f, unsigned long nf, int t){ static int (*rp)(void*,unsigned long,int); if(!rp) rp=dlsym(RTLD_NEXT,"poll"); if(t!=0) rec("poll %lu %d",nf,t); int r=rp(f,nf,t); if(t!=0) rec("poll woke %d",r); return r;}
#include <termios.h>
int tcsetattr(int fd, int act, const struct termios *t){ static int (*r)(int,int,const struct termios*); if(!r) r=dlsym(RTLD_NEXT,"tcsetattr"); rec("tcsetattr %d %d",fd,act); int x=r(fd,act,t); rec("tcsetattr done"); return x;}
