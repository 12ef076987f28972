import { Pause, Play } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';

/** m:ss, as SPEC §2 shows a voice message's duration. */
export const minutesSeconds = (seconds: number): string => {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/**
 * A voice message's player (SPEC §2): play/pause, progress and duration as m:ss. The source is
 * the MP3 copy (every browser plays it, Safari too); a sample without audio shows the controls
 * disabled.
 */
export function VoicePlayer({ src, duration }: { src: string; duration: number | undefined }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [length, setLength] = useState(duration ?? 0);
  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) element.play().catch(() => setPlaying(false));
    else element.pause();
  };
  return (
    <div className="flex items-center gap-3 rounded-full bg-muted px-2 py-1" data-testid="voice-player">
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={playing ? 'Pause voice message' : 'Play voice message'}
        disabled={!src}
        onClick={toggle}
      >
        {playing ? <Pause /> : <Play />}
      </Button>
      <div
        className="h-1.5 w-32 overflow-hidden rounded-full bg-border"
        role="progressbar"
        aria-label="Voice message progress"
        aria-valuenow={Math.round(position)}
        aria-valuemin={0}
        aria-valuemax={Math.round(length)}
      >
        <div
          className="h-full bg-accent"
          style={{ width: length ? `${(position / length) * 100}%` : '0%' }}
        />
      </div>
      <span className="text-xs tabular-nums text-muted-foreground">
        {playing || position > 0 ? `${minutesSeconds(position)} / ` : ''}
        {minutesSeconds(length)}
      </span>
      {src && (
        <audio
          ref={audio}
          src={src}
          preload="none"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => {
            setPlaying(false);
            setPosition(0);
          }}
          onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
          onLoadedMetadata={(event) => {
            if (Number.isFinite(event.currentTarget.duration)) setLength(event.currentTarget.duration);
          }}
        />
      )}
    </div>
  );
}
